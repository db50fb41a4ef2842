import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * The look of the server's own pages, matching the web app: its colour tokens, type and radii
 * (src/styles.css), its mark (src/ui/brand.tsx) and its favicon (public/favicon.svg).
 */

export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f6f5f2;--card:#fff;--sunken:#f1efea;--text:#1d1f21;--muted:#5c5f63;--line:#e3e0d8;--line-strong:#c9c5ba;--accent:#2f6f5e;--accent-dark:#275d4f;--accent-soft:#e3efe9;--on-accent:#fff;--focus:#1a73e8;--danger:#b42318;--danger-soft:#fdecea;--warn-bg:#fff7e6;--warn-line:#f0c36d;--font-sans:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--font-mono:ui-monospace,"SFMono-Regular","JetBrains Mono",Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--card:#1d2024;--sunken:#181a1d;--text:#e9e7e2;--muted:#a9adb3;--line:#2e3237;--line-strong:#454a51;--accent:#6cc2a6;--accent-dark:#85d0b7;--accent-soft:#1f3530;--on-accent:#0f1a17;--focus:#8ab4f8;--danger:#ff8a80;--danger-soft:#3a1f1d;--warn-bg:#2d2410;--warn-line:#7a5d1c}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.5 var(--font-sans);display:flex;flex-direction:column;align-items:center;padding:clamp(12px,6vh,64px) 16px}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--line);border-radius:14px;padding:28px clamp(18px,5vw,32px);box-shadow:0 1px 2px rgb(28 25 18 / 6%),0 8px 24px rgb(28 25 18 / 8%)}
.brand{display:flex;align-items:center;gap:8px;font-weight:650;letter-spacing:-.01em;font-size:1.25rem;color:var(--text);margin-bottom:20px}
.brand svg{width:28px;height:28px;color:var(--accent);flex:none}
h1{font-size:22px;line-height:1.3;margin:0 0 8px;letter-spacing:-.01em}
h2{font-size:15px;margin:20px 0 8px}
p{margin:0 0 12px}
a{color:var(--accent)}
.muted{color:var(--muted);font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;font:inherit;padding:10px 12px;border:1px solid var(--line-strong);border-radius:6px;background:var(--card);color:var(--text)}
.check{display:flex;gap:8px;align-items:center;font-weight:400;margin-top:14px}
.check input{width:18px;height:18px;margin:0;accent-color:var(--accent)}
button{font:inherit;font-weight:600;border-radius:6px;padding:10px 18px;min-height:44px;cursor:pointer;border:1px solid transparent}
.primary{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
.primary:hover{background:var(--accent-dark);border-color:var(--accent-dark)}
.secondary{background:var(--card);color:var(--text);border-color:var(--line-strong)}
.secondary:hover{background:var(--sunken)}
.danger{background:var(--card);color:var(--danger);border-color:var(--line-strong);padding:6px 12px;min-height:44px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.actions{display:flex;gap:12px;justify-content:flex-end;flex-wrap:wrap;margin-top:24px}
.actions button{flex:1 1 140px}
.full{width:100%;margin-top:22px}
.alert{border:1px solid var(--danger);background:var(--danger-soft);color:var(--danger);border-radius:6px;padding:10px 12px;margin:12px 0}
.unverified{border:1px solid var(--warn-line);background:var(--warn-bg);border-radius:6px;padding:10px 12px;font-size:14px}
.first-party{border:1px solid var(--line);background:var(--accent-soft);border-radius:6px;padding:10px 12px;font-size:14px}
ul{padding-left:20px;margin:0 0 12px}
li{margin:4px 0}
code{font:13px/1.4 var(--font-mono);background:var(--sunken);border-radius:4px;padding:1px 4px;word-break:break-all}
.apps{list-style:none;padding:0}
.apps li{display:flex;justify-content:space-between;align-items:center;gap:12px;border-top:1px solid var(--line);padding:12px 0}
.apps form{margin:0}
.who{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap;font-size:14px;color:var(--muted);border-bottom:1px solid var(--line);padding-bottom:12px;margin-bottom:16px}
.link{background:none;border:none;color:var(--accent);padding:0 4px;min-height:44px;font-weight:600;text-decoration:underline}
.switch{margin:16px 0 0;text-align:center}
.qr{display:block;width:208px;height:208px;margin:8px auto 12px;background:#fff;border-radius:8px}
.secret{display:block;text-align:center;font-size:15px;letter-spacing:.04em;padding:8px;word-break:break-word}
.codes{list-style:none;padding:12px;margin:12px 0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:6px 16px;font:15px/1.5 var(--font-mono);background:var(--sunken);border-radius:6px}
.codes li{margin:0;text-align:center}
.two-factor{border-top:1px solid var(--line);margin-top:24px;padding-top:8px}
.two-factor form{margin:0 0 12px}
.button-link{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 18px;border-radius:6px;font-weight:600;text-decoration:none;border:1px solid var(--line-strong);color:var(--text);background:var(--card)}
.button-link.primary{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
`;
export const PAGE_CSS_HASH = `'sha256-${crypto.createHash('sha256').update(PAGE_CSS).digest('base64')}'`;

/** The web app's mark (src/ui/brand.tsx), drawn in the accent colour. */
export const LOGO = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9.25" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 6.5V12l3.5 2.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The web app's favicon, served by the API for its own pages. */
export const FAVICON_PATH = '/oauth/favicon.svg';
export const FAVICON_SVG = fs.readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8');
