#!/usr/bin/env node
// `npm run issuer -- <command> [options]`: the issuer API from a shell, for people who script awards.
// Every command prints the API's JSON answer; a failed call exits with status 1.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const HELP = `Usage: npm run issuer -- <command> [options]

Commands
  create-issuer       --name N --url U --email E [--description D] [--image FILE] [--certified] [--country 1-7]
                      (needs the admin token: --admin-token T or ISSUER_ADMIN_TOKEN)
  update-issuer       [--name N] [--url U] [--email E] [--description D] [--image FILE] [--country 1-7]
                      (certification is set only by create-issuer with the admin token)
  create-badge-class  --name N --description D --image FILE (--criteria-url U | --criteria TEXT) [--tags a,b] [--expiry-days N]
  award               --badge-class ID (--to a@x,b@y | --to-file FILE) [--signed] [--blockchain]
                      [--issued-on ISO] [--expires ISO] [--narrative TEXT] [--evidence URL] [--language ja]
  revoke              --assertion ID --reason TEXT
  reissue             --assertion ID
  delete              --assertion ID
  acad-doc            --to EMAIL --name N --title T --details JSON [--issued-on ISO] [--blockchain]

Common options
  --base URL          the wallet (default: LANYARD_URL or http://127.0.0.1:8787)
  --key KEY           the issuer API key (default: LANYARD_ISSUER_KEY)
`;

const options = {
  base: { type: 'string' },
  key: { type: 'string' },
  'admin-token': { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string' },
  email: { type: 'string' },
  description: { type: 'string' },
  image: { type: 'string' },
  certified: { type: 'boolean' },
  country: { type: 'string' },
  'criteria-url': { type: 'string' },
  criteria: { type: 'string' },
  tags: { type: 'string' },
  'expiry-days': { type: 'string' },
  'badge-class': { type: 'string' },
  to: { type: 'string' },
  'to-file': { type: 'string' },
  signed: { type: 'boolean' },
  blockchain: { type: 'boolean' },
  'issued-on': { type: 'string' },
  expires: { type: 'string' },
  narrative: { type: 'string' },
  evidence: { type: 'string' },
  language: { type: 'string' },
  assertion: { type: 'string' },
  reason: { type: 'string' },
  title: { type: 'string' },
  details: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

/* Ids and keys are base64url and may begin with '-', which parseArgs would take for an option;
   joining "--opt value" into "--opt=value" for string options keeps them values. */
const argv = [];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  const name = arg.startsWith('--') ? arg.slice(2) : '';
  if (options[name]?.type === 'string' && i + 1 < process.argv.length) argv.push(`${arg}=${process.argv[++i]}`);
  else argv.push(arg);
}
const { positionals, values: o } = parseArgs({ args: argv, allowPositionals: true, options });

const command = positionals[0];
if (!command || o.help) {
  console.log(HELP);
  process.exit(command ? 0 : 1);
}
const base = (o.base ?? process.env.LANYARD_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
const image = (file) => (file ? readFileSync(file).toString('base64') : undefined);
const list = (s) =>
  (s ?? '')
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);
const strip = (obj) => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
const need = (name) => {
  if (o[name] === undefined) {
    console.error(`${command}: --${name} is required\n\n${HELP}`);
    process.exit(1);
  }
  return o[name];
};

async function call(method, path, body, token) {
  if (!token) {
    console.error(`${command}: no credentials (set --key / LANYARD_ISSUER_KEY, or --admin-token / ISSUER_ADMIN_TOKEN)`);
    process.exit(1);
  }
  const res = await fetch(`${base}/api/issuer/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => ({ status: res.status }));
  console.log(JSON.stringify(json, null, 2));
  // exitCode, not exit(): a pipe receives stdout asynchronously, and exit() could cut the answer off.
  process.exitCode = json.status === 200 ? 0 : 1;
}

const key = o.key ?? process.env.LANYARD_ISSUER_KEY;
const profile = () =>
  strip({
    name: o.name,
    url: o.url,
    email: o.email,
    description: o.description,
    image: image(o.image),
    is_certified: o.certified,
    service_country: o.country ? Number(o.country) : undefined,
  });

switch (command) {
  case 'create-issuer':
    for (const field of ['name', 'url', 'email']) need(field);
    await call('POST', '/issuers', profile(), o['admin-token'] ?? process.env.ISSUER_ADMIN_TOKEN);
    break;
  case 'update-issuer':
    await call('PATCH', '/issuer', profile(), key);
    break;
  case 'create-badge-class':
    await call(
      'POST',
      '/badge-classes',
      strip({
        name: need('name'),
        description: need('description'),
        image: image(need('image')),
        criteria_url: o['criteria-url'],
        criteria_narrative: o.criteria,
        tags: o.tags ? list(o.tags) : undefined,
        expiry_days: o['expiry-days'] ? Number(o['expiry-days']) : undefined,
      }),
      key,
    );
    break;
  case 'award': {
    const recipients = [...list(o.to), ...(o['to-file'] ? list(readFileSync(o['to-file'], 'utf8')) : [])];
    await call(
      'POST',
      '/awards',
      strip({
        badge_class_id: need('badge-class'),
        recipients,
        verification: o.signed ? 'signed' : 'hosted',
        blockchain: o.blockchain ?? false,
        issued_on: o['issued-on'],
        expires: o.expires,
        narrative: o.narrative,
        evidence: o.evidence ? [{ id: o.evidence }] : undefined,
        language: o.language,
      }),
      key,
    );
    break;
  }
  case 'revoke':
    await call('POST', `/assertions/${encodeURIComponent(need('assertion'))}/revoke`, { reason: need('reason') }, key);
    break;
  case 'reissue':
    await call('POST', `/assertions/${encodeURIComponent(need('assertion'))}/reissue`, {}, key);
    break;
  case 'delete':
    await call('DELETE', `/assertions/${encodeURIComponent(need('assertion'))}`, undefined, key);
    break;
  case 'acad-doc':
    await call(
      'POST',
      '/acad-docs',
      strip({
        recipient: need('to'),
        name: need('name'),
        title: need('title'),
        details: JSON.parse(need('details')),
        issued_on: o['issued-on'],
        blockchain: o.blockchain ?? false,
      }),
      key,
    );
    break;
  default:
    console.error(`Unknown command "${command}".\n\n${HELP}`);
    process.exit(1);
}
