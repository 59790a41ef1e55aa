// The portal's own pages: plain server HTML in English and Japanese (by ui_locales, else
// Accept-Language). Lanyard links here ("where your password is managed"), and the e2e tests
// sign in on the login form like a person would.

const TEXT = {
  en: {
    title: 'Lanyard Portal',
    signIn: 'Sign in to Lanyard Portal',
    forApp: (app) => `to continue to ${app}`,
    email: 'Email or user name',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'The email or password is wrong.',
    signedInAs: (who) => `Signed in as ${who}`,
    notSignedIn: 'You are not signed in.',
    signOut: 'Sign out',
    signingOut: 'Signing you out…',
    continue: 'Continue',
    signedOut: 'You have signed out of Lanyard Portal.',
    home: 'Portal home',
    account: 'Your account',
    accountBody: 'Your password and profile are managed here, at the portal, not in the wallet.',
    openWallet: 'Open the Lanyard wallet',
    error: 'Something went wrong',
  },
  ja: {
    title: 'Lanyard ポータル',
    signIn: 'Lanyard ポータルにサインイン',
    forApp: (app) => `${app} を続けるために`,
    email: 'メールアドレスまたはユーザー名',
    password: 'パスワード',
    submit: 'サインイン',
    wrong: 'メールアドレスまたはパスワードが正しくありません。',
    signedInAs: (who) => `${who} としてサインインしています`,
    notSignedIn: 'サインインしていません。',
    signOut: 'サインアウト',
    signingOut: 'サインアウトしています…',
    continue: '続ける',
    signedOut: 'Lanyard ポータルからサインアウトしました。',
    home: 'ポータルのホーム',
    account: 'アカウント',
    accountBody: 'パスワードとプロフィールはウォレットではなく、このポータルで管理されています。',
    openWallet: 'Lanyard ウォレットを開く',
    error: '問題が発生しました',
  },
};

/** 'ja' when the first ui_locales entry or the preferred Accept-Language is Japanese, else 'en'. */
export function pickLocale(uiLocales, acceptLanguage) {
  const first = String(uiLocales ?? '').split(/\s+/)[0] || String(acceptLanguage ?? '').split(',')[0];
  return first.trim().toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function esc(value) {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function layout(lang, heading, body) {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(heading)} · ${esc(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem}.error{color:#a00;font-weight:600}header{color:#555}</style>
</head><body><header>${esc(t.title)}</header><main><h1>${esc(heading)}</h1>
${body}
</main></body></html>`;
}

export function loginPage({ lang, action, client, login = '', wrong = false }) {
  const t = TEXT[lang];
  return layout(
    lang,
    t.signIn,
    `${client ? `<p>${esc(t.forApp(client))}</p>` : ''}
${wrong ? `<p class="error" role="alert">${esc(t.wrong)}</p>` : ''}
<form method="post" action="${esc(action)}" id="portal-login">
<label for="login">${esc(t.email)}</label>
<input id="login" name="login" type="text" autocomplete="username" required value="${esc(login)}" ${wrong ? '' : 'autofocus'}>
<label for="password">${esc(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required ${wrong ? 'autofocus' : ''}>
<button type="submit">${esc(t.submit)}</button>
</form>`,
  );
}

export function homePage({ lang, user, walletLogin }) {
  const t = TEXT[lang];
  const who = user ? `${user.name} <${user.email}>` : '';
  return layout(
    lang,
    t.home,
    `${user ? `<p id="signed-in">${esc(t.signedInAs(who))}</p>` : `<p>${esc(t.notSignedIn)}</p>`}
${user ? `<form method="get" action="/session/end" id="portal-signout"><button type="submit">${esc(t.signOut)}</button></form>` : ''}
<p><a href="/account">${esc(t.account)}</a>${walletLogin ? ` · <a href="${esc(walletLogin)}">${esc(t.openWallet)}</a>` : ''}</p>`,
  );
}

export function accountPage({ lang, user }) {
  const t = TEXT[lang];
  return layout(
    lang,
    t.account,
    `<p>${esc(t.accountBody)}</p>
${user ? `<p>${esc(t.signedInAs(`${user.name} <${user.email}>`))}</p>` : ''}
<p><a href="/">${esc(t.home)}</a></p>`,
  );
}

/**
 * oidc-provider's logout confirmation. `auto`: confirmed at once, for the portal's own "Sign out"
 * button and for Lanyard's RP-initiated logout (a first-party portal asks no second question);
 * any other arrival (a link from elsewhere) keeps the button, so a stray GET cannot sign anyone out.
 * `logout=yes`: every client's session ends, each told by back-channel logout.
 */
export function logoutPage(lang, form, auto) {
  const t = TEXT[lang];
  const button = `<input type="hidden" name="logout" value="yes"><button type="submit">${esc(auto ? t.continue : t.signOut)}</button></form>`;
  const script = auto ? `<script>document.getElementById('op.logoutForm').submit()</script>` : '';
  return layout(lang, auto ? t.signingOut : t.signOut, `${form.replace('</form>', button)}${script}`);
}

export function signedOutPage(lang) {
  const t = TEXT[lang];
  return layout(lang, t.signedOut, `<p><a href="/">${esc(t.home)}</a></p>`);
}

export function errorPage(lang, out) {
  const t = TEXT[lang];
  const rows = Object.entries(out).map(([k, v]) => `<p><strong>${esc(k)}</strong>: ${esc(v)}</p>`);
  return layout(lang, t.error, rows.join('\n'));
}
