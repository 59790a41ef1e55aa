// The portal's storage: oidc-provider keeps sessions, interactions, codes and grants through an
// adapter. The portal lives as long as the process that started it, so a Map per model is enough;
// our own (not the library's quick-start adapter, which prints a warning on every start).

/** An in-memory oidc-provider adapter factory; each portal gets its own maps. */
export function memoryAdapter() {
  const rows = new Map(); // `${model}:${id}` -> { payload, expiresAt }
  const index = new Map(); // `${model}:uid:${uid}` / `${model}:user:${code}` / `grant:${grantId}` -> keys

  const live = (key) => {
    const row = rows.get(key);
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt <= Date.now()) {
      rows.delete(key);
      return undefined;
    }
    return row.payload;
  };

  return class PortalAdapter {
    constructor(model) {
      this.model = model;
    }

    key(id) {
      return `${this.model}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const key = this.key(id);
      rows.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : 0 });
      if (payload.uid) index.set(`${this.model}:uid:${payload.uid}`, key);
      if (payload.userCode) index.set(`${this.model}:user:${payload.userCode}`, key);
      if (payload.grantId) {
        const keys = index.get(`grant:${payload.grantId}`) ?? [];
        keys.push(key);
        index.set(`grant:${payload.grantId}`, keys);
      }
    }

    async find(id) {
      return live(this.key(id));
    }

    async findByUid(uid) {
      const key = index.get(`${this.model}:uid:${uid}`);
      return key ? live(key) : undefined;
    }

    async findByUserCode(userCode) {
      const key = index.get(`${this.model}:user:${userCode}`);
      return key ? live(key) : undefined;
    }

    async consume(id) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      rows.delete(this.key(id));
    }

    async revokeByGrantId(grantId) {
      for (const key of index.get(`grant:${grantId}`) ?? []) rows.delete(key);
      index.delete(`grant:${grantId}`);
    }
  };
}
