/* global module */
// jsonld requires this client for its built-in network document loaders. Lanyard always passes its
// own loader that serves bundled contexts only, so any call here is a bug: refuse loudly.
function refuse() {
  throw new Error('Lanyard: jsonld may not fetch over the network');
}
module.exports = {
  DEFAULT_HEADERS: Object.freeze({ Accept: 'application/ld+json, application/json' }),
  httpClient: new Proxy(refuse, { get: () => refuse, apply: refuse }),
};
