/**
 * How wide the public pages draw their images (`sizes`), matching public.css: the browser picks a
 * variant from these before layout, so a phone downloads a phone-sized file (issue 13).
 */

/** Hero and 'Who we are': the full column on a phone, about half the 1180 px container above 900 px. */
export const HALF_WIDTH_SIZES = '(min-width: 1180px) 560px, (min-width: 900px) 46vw, 92vw';
/** Media, merch and team cards: one column on a phone, two from 700 px, three in the container. */
export const CARD_SIZES = '(min-width: 1180px) 380px, (min-width: 700px) 46vw, 92vw';
/** The home page's media spotlight squares. */
export const THUMB_SIZES = '(min-width: 900px) 200px, 45vw';
