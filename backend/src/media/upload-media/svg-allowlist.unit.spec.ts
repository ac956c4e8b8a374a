import { svgProblem } from './svg-allowlist';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('the SVG allowlist', () => {
  it('accepts drawings as editors and icon sets write them', () => {
    const drawings = [
      `<svg ${NS} viewBox="0 0 10 10"><rect width="10" height="10" fill="#c33"/></svg>`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg ${NS} ${XLINK} version="1.1" x="0px" y="0px" xml:space="preserve"><g id="Layer_1"><path d="M0 0h10v10z" style="fill:url(#g);stroke:none"/></g><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><use xlink:href="#Layer_1" x="5"/></svg>`,
      `<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#"><sodipodi:namedview pagecolor="#ffffff" inkscape:zoom="1"/><metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata><g inkscape:label="Layer 1" inkscape:groupmode="layer"><circle cx="5" cy="5" r="4"/></g></svg>`,
      `<svg ${NS}><style><![CDATA[.a{fill:#000} .b{clip-path:url(#c)}]]></style><text x="1" y="9" class="a">Punch<tspan font-weight="bold">line</tspan></text><a href="https://punchline.example/"><rect width="1" height="1"/></a></svg>`,
      `<svg ${NS}><image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="2s" repeatCount="indefinite"/></svg>`,
      `<svg ${NS} aria-labelledby="t" role="img" data-name="logo"><title id="t">Logo</title><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></svg>`,
    ];
    for (const svg of drawings) expect({ svg, problem: svgProblem(svg) }).toEqual({ svg, problem: null });
  });

  it('refuses every known bypass class of a pattern filter', () => {
    const hostile: [string, RegExp][] = [
      [`<svg ${NS}><script>alert(1)</script></svg>`, /<script>/],
      // Namespaced script: an element of the XHTML namespace, whatever its prefix.
      [`<svg ${NS} xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>`, /<h:script>/],
      [`<svg ${NS}><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>`, /<svg:script>/],
      [`<svg ${NS}><g xmlns="http://www.w3.org/1999/xhtml"><iframe src="/"/></g></svg>`, /<g>/],
      [`<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`, /foreignObject/],
      // Entity-encoded and whitespace-split schemes.
      [`<svg ${NS}><a href="&#106;avascript:alert(1)"><rect width="1" height="1"/></a></svg>`, /script link/],
      [`<svg ${NS}><a href="&#x6A;&#x61;vascript&#x3A;alert(1)"><text>x</text></a></svg>`, /script link/],
      [`<svg ${NS}><a href="java&#9;script:alert(1)"><text>x</text></a></svg>`, /script link/],
      [`<svg ${NS} ${XLINK}><a xlink:href=" javascript:alert(1)"><text>x</text></a></svg>`, /script link/],
      // SMIL animation that sets a link or a handler.
      [`<svg ${NS}><a><set attributeName="href" to="https://evil.example/"/><text>x</text></a></svg>`, /animation of href/],
      [`<svg ${NS} ${XLINK}><a><animate attributeName="xlink:href" values="https://evil.example/"/><text>x</text></a></svg>`, /animation of xlink:href/],
      [`<svg ${NS}><rect><set attributeName="onclick" to="alert(1)"/></rect></svg>`, /animation of onclick/],
      [`<svg ${NS}><rect width="1" height="1" onload="alert(1)"/></svg>`, /event handler onload/],
      [`<svg ${NS}><rect ONCLICK="alert(1)"/></svg>`, /event handler ONCLICK/],
      [`<!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]><svg ${NS}><a href="&x;"/></svg>`, /entity/],
      // Outside resources: tracking pixels, remote CSS, links to other files.
      [`<svg ${NS}><image href="https://tracker.example/p.png"/></svg>`, /link href/],
      [`<svg ${NS}><use href="https://evil.example/sprite.svg#a"/></svg>`, /link href/],
      [`<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>`, /link href/],
      [`<svg ${NS}><style>@import url(https://evil.example/x.css);</style></svg>`, /@import/],
      [`<svg ${NS}><rect style="fill:url(https://evil.example/x)"/></svg>`, /outside resource/],
      [`<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS}/>`, /processing instruction/],
      [`<svg ${NS}><embed src="x"/></svg>`, /<embed>/],
      [`<svg ${NS}><rect width="1" formaction="x"/></svg>`, /attribute formaction/],
      [`<svg ${NS}><a href="/admin"><text>x</text></a></svg>`, /link href/],
      [`<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`, /<html>/],
      [`<svg ${NS}><rect></svg>`, /malformed XML/],
    ];
    for (const [svg, found] of hostile) expect({ svg, problem: svgProblem(svg) }).toEqual({ svg, problem: expect.stringMatching(found) });
  });

  it('reads hostile sizes linearly (a million characters in the wrong places)', () => {
    const spaces = ' '.repeat(1_000_000);
    expect(svgProblem(`<svg ${NS}>${spaces}<rect${spaces}width="1"/>${spaces}</svg>`)).toBeNull();
    expect(svgProblem(`<svg ${NS}><rect${spaces}onload${spaces}=${spaces}"x"/></svg>`)).toMatch(/event handler/);
    expect(svgProblem(`<svg ${NS}><rect style="${'url('.repeat(250_000)}"/></svg>`)).toMatch(/outside resource/);
    expect(svgProblem(`<svg ${NS}>${'<'.repeat(200_000)}</svg>`)).toMatch(/malformed/);
    // Nesting is bounded by the parser: deep enough for any drawing, refused (not a stack overflow) beyond.
    expect(svgProblem(`<svg ${NS}>${'<g>'.repeat(50)}${'</g>'.repeat(50)}</svg>`)).toBeNull();
    expect(svgProblem(`<svg ${NS}>${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`)).toMatch(/malformed XML \(Maximum nested tags/);
  });
});
