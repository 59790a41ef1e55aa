import { FetchBudget, guardedFetch, OutboundFailed } from '../outbound/fetch';
import { outboundPolicy } from '../outbound/policy';
import { OutboundRefused } from '../outbound/url-policy';

/** What the chain client reads from the Worker's env. */
export type ChainEnv = Pick<Env, 'PUBLIC_BASE_URL' | 'ENVIRONMENT'> &
  Partial<Pick<Env, 'OUTBOUND_TEST_ALLOW' | 'DOH_URL' | 'CHAIN_RPC_URL'>>;

/**
 * Why a JSON-RPC call failed, for the operator's log and the batch row:
 * - `config`: no RPC URL configured, or the URL is refused by the outbound guard;
 * - `unreachable`: network error, timeout, redirect or an oversized answer;
 * - `http`: the node answered with a non-2xx status;
 * - `malformed`: the answer is not a JSON-RPC 2.0 response to this request, or a field is not what it must be;
 * - `node`: the node answered with a JSON-RPC error (`code`, `message` are the node's).
 */
export class RpcError extends Error {
  constructor(
    readonly kind: 'config' | 'unreachable' | 'http' | 'malformed' | 'node',
    readonly method: string,
    detail: string,
    readonly code?: number,
  ) {
    super(`${method}: ${kind}: ${detail}`);
    this.name = 'RpcError';
  }
}

/**
 * The outbound policy, plus (outside production) the operator's own CHAIN_RPC_URL: in development
 * and tests that node is anvil on 127.0.0.1, which the guard would refuse. In production the
 * configured URL passes the public-address rules like any other.
 */
function rpcPolicy(env: ChainEnv) {
  const policy = outboundPolicy(env);
  if (env.ENVIRONMENT === 'production' || !env.CHAIN_RPC_URL) return policy;
  try {
    const u = new URL(env.CHAIN_RPC_URL);
    return { ...policy, allow: new Set([...policy.allow, `${u.hostname.toLowerCase()}:${u.port}`]) };
  } catch {
    return policy;
  }
}

/** Answers are small (a block header without transactions is a few KB); anything bigger is refused. */
const MAX_ANSWER_BYTES = 256 * 1024;
let nextId = 1;

/**
 * One JSON-RPC 2.0 call to the configured node (or `url`), through the guarded fetcher: the node is
 * an outside server like any other, so its address passes the outbound policy (loopback only with
 * OUTBOUND_TEST_ALLOW in development and tests) and its answer is size-capped and parsed strictly.
 * Returns `result` unparsed (`unknown`); callers use the readers in chain/parse.ts.
 */
export async function rpc(env: ChainEnv, method: string, params: unknown[], url?: string): Promise<unknown> {
  const target = url ?? env.CHAIN_RPC_URL;
  if (!target) throw new RpcError('config', method, 'CHAIN_RPC_URL is not set');
  const id = nextId++;
  let fetched;
  try {
    fetched = await guardedFetch(rpcPolicy(env), target, {
      budget: new FetchBudget(1),
      maxBytes: MAX_ANSWER_BYTES,
      accept: 'application/json',
      post: { body: JSON.stringify({ jsonrpc: '2.0', id, method, params }), contentType: 'application/json' },
    });
  } catch (err) {
    if (err instanceof OutboundRefused) throw new RpcError('config', method, `RPC URL refused (${err.reason})`);
    if (err instanceof OutboundFailed) throw new RpcError('unreachable', method, err.reason);
    throw new RpcError('unreachable', method, 'network');
  }
  if (fetched.status < 200 || fetched.status > 299) throw new RpcError('http', method, `HTTP ${fetched.status}`);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fetched.body));
  } catch {
    throw new RpcError('malformed', method, 'answer is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new RpcError('malformed', method, 'answer is not an object');
  const o = body as Record<string, unknown>;
  if (o.jsonrpc !== '2.0' || o.id !== id) throw new RpcError('malformed', method, 'not an answer to this request');
  if ('error' in o && o.error !== undefined && o.error !== null) {
    const e = o.error as Record<string, unknown>;
    const code = typeof e.code === 'number' ? e.code : undefined;
    const message = typeof e.message === 'string' ? e.message.slice(0, 300) : 'error';
    throw new RpcError('node', method, message, code);
  }
  if (!('result' in o)) throw new RpcError('malformed', method, 'answer has neither result nor error');
  return o.result;
}
