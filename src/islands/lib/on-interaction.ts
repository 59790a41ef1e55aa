import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island when someone reaches for it (pointer over, focus, touch),
 * so public pages load no island JavaScript before interaction. Until then the island's
 * server-rendered HTML works by itself (a form posts to its page).
 */
const EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

const onInteraction: ClientDirective = (load, _options, el) => {
  const go = () => {
    for (const e of EVENTS) el.removeEventListener(e, go);
    void load().then((hydrate) => hydrate());
  };
  for (const e of EVENTS) el.addEventListener(e, go, { passive: true });
};

export default onInteraction;
