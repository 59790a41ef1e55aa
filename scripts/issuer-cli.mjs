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

Certificates (academic documents)
  create-template     --kind completion|diploma|transcript --name N --languages en,ja --heading en=Diploma --heading ja=学位記
                      [--layout classic|modern] [--fields a,b,...] [--signer-name N] [--signer-title T]
                      [--logo FILE] [--signature FILE] [--seal FILE]      (images: PNG or JPEG)
  update-template     --template ID [any create-template option but --kind; --languages needs every --heading]
  list-templates
  retire-template     --template ID
  acad-doc            --template ID --to EMAIL --name N --title T [--language ja] [--details JSON]
                      [--rows FILE] [--issued-on ISO] [--blockchain]
                      (--rows: a transcript's rows, CSV with the header course,credits,grade,term, or JSON)
  acad-doc-status     --doc ID
  revoke-doc          --doc ID --reason TEXT
  reissue-doc         --doc ID [--template ID] [--name N] [--title T] [--language L] [--details JSON] [--rows FILE]
  delete-doc          --doc ID

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
  template: { type: 'string' },
  kind: { type: 'string' },
  layout: { type: 'string' },
  languages: { type: 'string' },
  heading: { type: 'string', multiple: true },
  fields: { type: 'string' },
  'signer-name': { type: 'string' },
  'signer-title': { type: 'string' },
  logo: { type: 'string' },
  signature: { type: 'string' },
  seal: { type: 'string' },
  rows: { type: 'string' },
  doc: { type: 'string' },
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

/** "en=Diploma" pairs into the headings object. */
const headings = (pairs) =>
  pairs?.length
    ? Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]))
    : undefined;

const templateFields = () =>
  strip({
    name: o.name,
    layout: o.layout,
    languages: o.languages ? list(o.languages) : undefined,
    headings: headings(o.heading),
    fields: o.fields ? list(o.fields) : undefined,
    signer_name: o['signer-name'],
    signer_title: o['signer-title'],
    logo: image(o.logo),
    signature: image(o.signature),
    seal: image(o.seal),
  });

/** One CSV line into fields: commas split, double quotes group ("" is a quote). */
function csvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') cur += line[++i];
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** A transcript's rows from a JSON file (an array) or a CSV file whose header names the columns. */
function rowsFrom(file) {
  if (!file) return undefined;
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  if (file.endsWith('.json')) return JSON.parse(text);
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim());
  const cols = csvLine(header ?? '').map((c) => c.toLowerCase());
  return lines.map((line) => {
    const cells = csvLine(line);
    const row = Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
    return { course: row.course, credits: Number(row.credits), grade: row.grade, term: row.term };
  });
}

const docFields = () => ({
  language: o.language,
  details: o.details ? JSON.parse(o.details) : undefined,
  rows: rowsFrom(o.rows),
  issued_on: o['issued-on'],
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
  case 'create-template':
    await call('POST', '/cert-templates', { kind: need('kind'), ...templateFields() }, key);
    break;
  case 'update-template':
    await call('PATCH', `/cert-templates/${encodeURIComponent(need('template'))}`, templateFields(), key);
    break;
  case 'list-templates':
    await call('GET', '/cert-templates', undefined, key);
    break;
  case 'retire-template':
    await call('DELETE', `/cert-templates/${encodeURIComponent(need('template'))}`, undefined, key);
    break;
  case 'acad-doc':
    await call(
      'POST',
      '/acad-docs',
      strip({
        template_id: need('template'),
        recipient: need('to'),
        name: need('name'),
        title: need('title'),
        ...docFields(),
        blockchain: o.blockchain ?? false,
      }),
      key,
    );
    break;
  case 'acad-doc-status':
    await call('GET', `/acad-docs/${encodeURIComponent(need('doc'))}`, undefined, key);
    break;
  case 'revoke-doc':
    await call('POST', `/acad-docs/${encodeURIComponent(need('doc'))}/revoke`, { reason: need('reason') }, key);
    break;
  case 'reissue-doc':
    await call(
      'POST',
      `/acad-docs/${encodeURIComponent(need('doc'))}/reissue`,
      strip({ template_id: o.template, name: o.name, title: o.title, ...docFields() }),
      key,
    );
    break;
  case 'delete-doc':
    await call('DELETE', `/acad-docs/${encodeURIComponent(need('doc'))}`, undefined, key);
    break;
  default:
    console.error(`Unknown command "${command}".\n\n${HELP}`);
    process.exit(1);
}
