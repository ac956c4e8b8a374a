function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The development sign-in page: plain HTML, no script, impossible to mistake for Google's. */
export function devSignInPage(options: { returnTo: string; error?: string; email?: string; name?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development sign-in · Punchline</title>
<style>
  body { font-family: system-ui, sans-serif; background: #111; color: #f5f5f5; margin: 0; padding: 2rem 1rem; }
  main { max-width: 26rem; margin: 0 auto; background: #1c1c1c; border: 2px dashed #ffd700; border-radius: 12px; padding: 1.5rem; }
  h1 { margin-top: 0; font-size: 1.4rem; }
  .badge { display: inline-block; background: #ffd700; color: #111; font-weight: 700; border-radius: 999px; padding: .2rem .7rem; font-size: .8rem; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; margin-top: .35rem; padding: .6rem; border-radius: 8px; border: 1px solid #555; background: #0b0b0b; color: #fff; font-size: 1rem; }
  button { margin-top: 1.25rem; width: 100%; padding: .7rem; border: 0; border-radius: 8px; background: #ffd700; color: #111; font-weight: 700; font-size: 1rem; cursor: pointer; }
  .error { color: #ff8a8a; }
  .note { color: #bbb; font-size: .9rem; }
</style>
</head>
<body>
<main>
  <span class="badge">Development only</span>
  <h1>Development sign-in</h1>
  <p class="note">No Google client is configured, so this local page stands in for Google. Whoever you type here is signed in with a verified email. It is never available in production. Admin access still follows the allowlist and <code>ADMIN_EMAILS</code>.</p>
  ${error}
  <form method="post" action="/api/auth/dev">
    <input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.email ?? '')}" autofocus>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(options.name ?? '')}">
    <button type="submit">Sign in (development)</button>
  </form>
</main>
</body>
</html>`;
}
