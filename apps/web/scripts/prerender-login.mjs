// Puts the sign-in page's stand-in into the built index page (dist/index.html), so /login shows the
// page at once instead of after the scripts have loaded and run: the stand-in (LoginStandIn) is
// rendered here in both languages, the index page picks the saved language's before its first paint
// and shows in it the captcha the server put in the page (or asks for one at once when served
// otherwise); the app takes the same captcha (use-captcha.ts) and replaces the stand-in when it
// renders (main.tsx).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const indexFile = path.join(webRoot, 'dist/index.html');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'login-stand-in-'));

try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { ssr: 'src/prerender/login-stand-in.tsx', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
    // One self-contained module: nothing resolved from node_modules when it runs.
    ssr: { noExternal: true },
  });
  const { renderLoginStandIn, SETTINGS_KEY, STAND_IN_CAPTCHA_ID } = await import(pathToFileURL(path.join(outDir, 'login-stand-in.js')).href);

  const css = readFileSync(path.join(webRoot, 'src/pages/login/login.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '\n').trim();
  // The server puts a captcha in the sign-in page (a JSON script element, id login-captcha, before
  // this script); served otherwise, the page asks for one before anything else loads. The app
  // takes it (use-captcha.ts).
  const early = `<script>(function(){if(location.pathname!=='/login')return;var e=document.getElementById('login-captcha');
if(e){try{var a=JSON.parse(e.textContent);window.__loginCaptchaShown=a;window.__loginCaptcha=Promise.resolve(a);return}catch(x){}}
window.__loginCaptcha=fetch('/api/blade-auth/oauth/captcha',{credentials:'same-origin'}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})})();</script>`;
  const show = `<script>(function(){if(location.pathname!=='/login')return;var lang='zh';try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)})||'null');if(s&&s.state&&s.state.lang==='en')lang='en'}catch(e){}
document.documentElement.lang=lang==='en'?'en':'zh-CN';var t=document.getElementById('login-stand-in-'+lang);document.getElementById('login-stand-in').appendChild(t.content.cloneNode(true));
var i=document.getElementById(${JSON.stringify(STAND_IN_CAPTCHA_ID)});var p=function(a){if(a&&a.image&&i){i.src=a.image;i.hidden=false}};
if(window.__loginCaptchaShown)p(window.__loginCaptchaShown);else if(window.__loginCaptcha)window.__loginCaptcha.then(p)})();</script>`;
  const body = ['zh', 'en'].map((lang) => `<template id="login-stand-in-${lang}">${renderLoginStandIn(lang)}</template>`).join('\n    ');

  let html = readFileSync(indexFile, 'utf8');
  if (html.includes('id="login-stand-in"')) throw new Error('dist/index.html already holds the stand-in: build the web app again first');
  // The captcha is asked for first, before the scripts and styles take the browser's connections.
  // The stand-in is hidden from assistive technology and takes no pointer (its inputs are read-only
  // and out of the tab order); inert would also keep it out of the largest-contentful-paint count.
  html = html.replace(/(<meta charset="[^"]*"\s*\/?>)/, `$1\n    ${early}`)
    .replace('</head>', `  <style>${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="login-stand-in" aria-hidden="true" style="pointer-events:none"></div>\n    ${body}\n    ${show}\n    <div id="root"></div>`);
  if (!html.includes(early)) throw new Error('dist/index.html has no <meta charset> to put the captcha request after');
  if (!html.includes('id="login-stand-in"')) throw new Error('dist/index.html has no <div id="root"></div> to put the stand-in before');
  writeFileSync(indexFile, html);
  console.log(`login stand-in: ${Buffer.byteLength(html)} bytes of index page`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
