import { BASE_PATH } from '../../lib/paths';
import { CONFIG } from '../config';
import { CLR_API, OB3_API, ob3Url } from './config';
import { SCOPES, type Scope } from './scopes';

const ok = (description: string) => ({ description });

/** What differs between the two APIs' service descriptions: their name, place and scopes. */
interface ApiShape {
  title: string;
  prefix: string;
  scopes: Record<'read' | 'upsert' | 'profile', { scope: Scope; description: string }>;
}

export const OB3_SHAPE: ApiShape = {
  title: 'Lanyard Open Badges 3.0 API',
  prefix: OB3_API.prefix,
  scopes: {
    read: { scope: SCOPES.credentialRead, description: 'Read the OpenBadgeCredentials in the wallet' },
    upsert: { scope: SCOPES.credentialUpsert, description: 'Add OpenBadgeCredentials to the wallet' },
    profile: { scope: SCOPES.profileRead, description: 'Read the wallet owner’s profile' },
  },
};

/** The CLR 2.0 API (issue 38): ClrCredentials, on the same OAuth server. */
export const CLR_SHAPE: ApiShape = {
  title: 'Lanyard Comprehensive Learner Record 2.0 API',
  prefix: CLR_API.prefix,
  scopes: {
    read: { scope: SCOPES.clrCredentialRead, description: 'Read the ClrCredentials in the wallet' },
    upsert: { scope: SCOPES.clrCredentialUpsert, description: 'Add ClrCredentials to the wallet' },
    profile: { scope: SCOPES.clrProfileRead, description: 'Read the wallet owner’s profile' },
  },
};

/**
 * The service description document of 1EdTech OB 3.0 §6.1 (an OpenAPI 3.0 document), and of the
 * CLR 2.0 API alike: where to register, authorize and get tokens (one OAuth server for both), and
 * the scopes, so another wallet can connect by itself.
 */
export function discoveryDocument(env: Env, api: ApiShape = OB3_SHAPE) {
  const origin = new URL(env.PUBLIC_BASE_URL).origin;
  const { read, upsert, profile } = api.scopes;
  return {
    openapi: '3.0.1',
    info: {
      title: api.title,
      version: CONFIG.releaseVersion,
      termsOfService: `${origin}${BASE_PATH}/terms`,
      'x-imssf-image': `${origin}${BASE_PATH}/images/default-badge.svg`,
      'x-imssf-privacyPolicyUrl': `${origin}${BASE_PATH}/terms`,
    },
    servers: [{ url: `${origin}${api.prefix}` }],
    paths: {
      '/credentials': {
        get: {
          operationId: 'getCredentials',
          security: [{ OAuth2ACG: [read.scope] }],
          responses: { 200: ok('OK') },
        },
        post: {
          operationId: 'upsertCredential',
          security: [{ OAuth2ACG: [upsert.scope] }],
          responses: { 200: ok('Replaced'), 201: ok('Created') },
        },
      },
      '/profile': {
        get: {
          operationId: 'getProfile',
          security: [{ OAuth2ACG: [profile.scope] }],
          responses: { 200: ok('OK') },
        },
      },
      '/discovery': { get: { operationId: 'getServiceDescription', responses: { 200: ok('OK') } } },
    },
    components: {
      securitySchemes: {
        OAuth2ACG: {
          type: 'oauth2',
          description: 'OAuth 2.0 authorization code grant with PKCE (S256) and client_secret_basic',
          'x-imssf-registrationUrl': ob3Url(env, '/oauth/register'),
          flows: {
            authorizationCode: {
              authorizationUrl: ob3Url(env, '/oauth/authorize'),
              tokenUrl: ob3Url(env, '/oauth/token'),
              refreshUrl: ob3Url(env, '/oauth/token'),
              'x-imssf-revocationUrl': ob3Url(env, '/oauth/revoke'),
              scopes: Object.fromEntries([read, upsert, profile].map((x) => [x.scope, x.description])),
            },
          },
        },
      },
    },
  };
}

/**
 * RFC 8414 authorization server metadata, so generic OAuth 2.0 clients find the same endpoints
 * the OB 3.0 service description names. The issuer is this wallet's origin.
 */
export function authorizationServerMetadata(env: Env) {
  return {
    issuer: new URL(env.PUBLIC_BASE_URL).origin,
    authorization_endpoint: ob3Url(env, '/oauth/authorize'),
    token_endpoint: ob3Url(env, '/oauth/token'),
    registration_endpoint: ob3Url(env, '/oauth/register'),
    revocation_endpoint: ob3Url(env, '/oauth/revoke'),
    scopes_supported: Object.values(SCOPES),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: ob3Url(env, '/discovery'),
  };
}
