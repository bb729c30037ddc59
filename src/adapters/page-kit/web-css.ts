import { createHash } from 'node:crypto';

/** The one style sheet of the account pages: plain, readable on a phone, with visible focus. */
export const WEB_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1b1f24; background: #f6f7f9; }
body { margin: 0; }
a { color: #0b5cad; }
a:hover { color: #083f77; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 1; }
header.site { background: #1d3a5f; color: #fff; }
header.site .bar { max-width: 44rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: baseline; }
header.site a { color: #fff; }
header.site .brand { font-weight: 700; margin-right: auto; text-decoration: none; }
main { max-width: 44rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
.card { background: #fff; border: 1px solid #d5dae1; border-radius: .5rem; padding: 1rem 1.25rem; margin: 0 0 1rem; }
form .field { margin: 0 0 1rem; }
label, legend { display: block; font-weight: 600; margin-bottom: .25rem; }
input[type=text], input[type=email], input[type=password], input[type=url], textarea {
  width: 100%; font: inherit; padding: .55rem .65rem; border: 1px solid #8a94a3; border-radius: .35rem; background: #fff;
}
textarea { min-height: 5rem; }
.check { display: flex; gap: .6rem; align-items: flex-start; margin: .35rem 0; }
.check input { margin-top: .35rem; width: 1.1rem; height: 1.1rem; }
.check label { font-weight: 400; margin: 0; }
.hint { color: #4a5563; font-size: .92rem; margin: .2rem 0 0; }
fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
button, a.button { font: inherit; font-weight: 600; padding: .55rem 1.1rem; border-radius: .35rem; border: 1px solid #1d3a5f; background: #1d3a5f; color: #fff; cursor: pointer; }
a.button { display: inline-block; text-decoration: none; }
button.secondary { background: #fff; color: #1d3a5f; }
button.danger { background: #a32020; border-color: #a32020; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
.errors { border: 2px solid #a32020; background: #fdf1f1; border-radius: .4rem; padding: .75rem 1rem; margin: 0 0 1rem; }
.errors ul { margin: .25rem 0 0; padding-left: 1.2rem; }
.notice { border: 2px solid #1f7a3a; background: #eff8f1; border-radius: .4rem; padding: .75rem 1rem; margin: 0 0 1rem; }
code, .secret { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.secret { display: block; background: #fff; border: 1px dashed #1f7a3a; padding: .5rem; margin: .35rem 0; }
dl { margin: .5rem 0; display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; min-width: 0; }
ul.plain { list-style: none; padding: 0; margin: 0; }
svg.qr { display: block; max-width: 100%; height: auto; margin: .5rem 0; }
ul.sessions { list-style: none; padding: 0; margin: 0; }
ul.sessions li { border-top: 1px solid #d5dae1; padding: .6rem 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; justify-content: space-between; }
ul.sessions form { margin: 0; }
ol.codes { columns: 2 8rem; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: .5rem; } }
`;

/** Where it is served: its name carries a hash of its content, so browsers may keep it for a year. */
export const WEB_CSS_URL = `/assets/web.${createHash('sha256').update(WEB_CSS).digest('hex').slice(0, 12)}.css`;
