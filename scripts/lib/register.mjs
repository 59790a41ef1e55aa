// Creates a wallet account the way a person does: CreateAccount, the activation mail (read from
// the local dev mailbox), then ActivateAccount. Returns the account id; reuses an existing account.
import { devSql } from './dev-sql.mjs';

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const accountIdOf = async (base, email) =>
  (
    await devSql(
      base,
      `SELECT account_id FROM account_emails WHERE email_normalized = ${q(email.toLowerCase())} AND verified_at IS NOT NULL`,
    )
  )[0]?.account_id;

async function post(base, name, body) {
  const res = await fetch(`${base}/api/v1.0/account/Wallet/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`${name}: ${JSON.stringify(json.errors)}`);
}

export async function registerAndActivate(base, { email, password, firstName, lastName, language = 'en' }) {
  const existing = await accountIdOf(base, email);
  if (existing) return existing;
  await post(base, `CreateAccount?language=${language}`, {
    email,
    first_name: firstName,
    last_name: lastName,
    password,
    confirm_password: password,
    agree_term_of_service: true,
  });
  const deadline = Date.now() + 60_000;
  let token;
  while (!token && Date.now() < deadline) {
    const [row] = await devSql(
      base,
      `SELECT text_body FROM dev_mailbox WHERE to_address = ${q(email)} AND text_body LIKE '%/activation/%' ORDER BY created_at DESC LIMIT 1`,
    );
    token = /\/activation\/([A-Za-z0-9_-]{43})/.exec(row?.text_body ?? '')?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 500));
  }
  if (!token) throw new Error(`no activation mail for ${email}`);
  await post(base, 'ActivateAccount', { token });
  return accountIdOf(base, email);
}
