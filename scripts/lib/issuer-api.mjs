// One POST to the issuer API with a bearer token; throws with the API's errors when it fails.
export async function issuerApi(base, path, token, body) {
  const res = await fetch(`${base}/api/issuer/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`${path}: ${JSON.stringify(json.errors)}`);
  return json;
}
