/** OAuth 2.1 resource server: token verification, protected-resource metadata, per-tool access. */
export { principalScope, hasScopes, type Principal } from "./principal.ts";
export {
  createTokenVerifier,
  type TokenVerifier,
  type TokenVerifierOptions,
  type Verification,
  type JsonWebKeySet,
} from "./token-verifier.ts";
export {
  createProtectedResource,
  type ProtectedResource,
  type ProtectedResourceOptions,
  type ChallengeOptions,
} from "./protected-resource.ts";
export {
  securitySchemes,
  decideAccess,
  effectiveToolAuth,
  WWW_AUTHENTICATE_META,
  type ToolAuth,
  type SecurityScheme,
  type AccessDenial,
  type RequestAuth,
} from "./tool-access.ts";
export { authenticateRequest, principalOf, type AuthenticatedRequest } from "./request-auth.ts";
export { bearerAuthentication, type BearerAuthenticationOptions } from "./http-guard.ts";
export {
  startAuthorization,
  authorizationSettingsFrom,
  createResourceServer,
  AUTHORIZATION_SETTINGS,
  type ResourceServer,
  type Authorization,
  type AuthorizationOptions,
  type AuthorizationSettings,
} from "./start-authorization.ts";
export {
  startDevAuthorizationServer,
  type DevAuthorizationServer,
  type DevAuthorizationServerOptions,
} from "./dev-authorization-server.ts";
export { DEV_TEST_USERS, type DevTestUser } from "./dev-test-users.ts";
