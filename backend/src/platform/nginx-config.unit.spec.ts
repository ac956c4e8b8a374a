import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

describe("README's nginx configuration (DESIGN §18)", () => {
  it('is infra/nginx/punchline.conf verbatim, the file the several-instances test runs', () => {
    const conf = readFileSync(resolve(root, 'infra/nginx/punchline.conf'), 'utf8');
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`nginx\n${conf}\`\`\``);
    // What the section promises: events unbuffered, the client's own address forwarded.
    expect(conf).toMatch(/location ~ \^\/api\/\.\+\/events\$ \{[^}]*proxy_buffering off;/);
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});
