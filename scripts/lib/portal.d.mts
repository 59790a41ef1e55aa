/** Types of portal.mjs (the local OpenID provider) for the TypeScript configuration files and tests. */
export interface PortalUser {
  sub: string;
  email: string;
  password: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  locale?: string;
}
export interface Portal {
  /** `http://127.0.0.1:<port>`; discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  port: number;
  clientId: 'lanyard-local';
  clientSecret: string;
  walletBase: string;
  /** The back-channel capture (`GET <captureUrl>/last?sid=`), only with captureBackchannel. */
  captureUrl?: string;
  accountUrl: string;
  addUser(user: PortalUser): void;
  /** Back-channel logout deliveries that failed (also printed). */
  backchannelErrors: Error[];
  stop(): Promise<void>;
}
export function startPortal(options: {
  port?: number;
  walletBases: string[];
  clientSecret?: string;
  captureBackchannel?: boolean;
  testUsers?: boolean;
}): Promise<Portal>;
export function walletUris(walletBase: string): {
  redirect_uri: string;
  post_logout_redirect_uri: string;
  backchannel_logout_uri: string;
};
export const PORTAL_CLIENT_ID: 'lanyard-local';
export const DEMO_PORTAL_PASSWORD: string;
export const DEMO_PORTAL_USERS: PortalUser[];
