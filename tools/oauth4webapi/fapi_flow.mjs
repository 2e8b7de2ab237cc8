// The FAPI 2.0 flow of a third-party client, oauth4webapi, against a
// running Openbank: PAR → authorize → code → DPoP-bound token → API call →
// refresh → revoke. web/oauth_thirdparty_test.go starts the server, runs
// this script and plays the browser. The lines on stdout and stdin are
// JSON: {"step":"keys"} with the client's public keys, then
// {"step":"authorize"} with the URL to open, answered by the callback URL,
// then {"step":"done"} with what was seen.
import * as readline from 'node:readline';
import * as oauth from 'oauth4webapi';

const issuer = new URL(process.env.ISSUER);
const client = { client_id: process.env.CLIENT_ID };
const redirectURI = process.env.REDIRECT_URI;
const apiURL = new URL(process.env.API_URL);
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server listens on plain http

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const say = (msg) => process.stdout.write(JSON.stringify(msg) + '\n');
const hear = async () => (await lines.next()).value;

// retryNonce runs request once more when the server asks for a DPoP nonce;
// the DPoP handle has kept the nonce of the answer.
async function retryNonce(request) {
  try {
    return await request();
  } catch (err) {
    if (!oauth.isDPoPNonceError(err)) throw err;
    return request();
  }
}

const clientKeys = await oauth.generateKeyPair('ES256', { extractable: true });
const publicJWK = await crypto.subtle.exportKey('jwk', clientKeys.publicKey);
say({ step: 'keys', jwks: { keys: [{ ...publicJWK, kid: 'client-1', alg: 'ES256', use: 'sig' }] } });
await hear();
const clientAuth = oauth.PrivateKeyJwt({ key: clientKeys.privateKey, kid: 'client-1' });

const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
const dpop = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));

const verifier = oauth.generateRandomCodeVerifier();
const params = new URLSearchParams({
  redirect_uri: redirectURI, response_type: 'code', scope: 'default',
  code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
});
const par = await retryNonce(async () => oauth.processPushedAuthorizationResponse(as, client,
  await oauth.pushedAuthorizationRequest(as, client, clientAuth, params, { DPoP: dpop, ...insecure })));

const authURL = new URL(as.authorization_endpoint);
authURL.searchParams.set('client_id', client.client_id);
authURL.searchParams.set('request_uri', par.request_uri);
say({ step: 'authorize', url: authURL.href });
const callback = new URL(await hear());
const answer = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);

const tokens = await retryNonce(async () => oauth.processAuthorizationCodeResponse(as, client,
  await oauth.authorizationCodeGrantRequest(as, client, clientAuth, answer, redirectURI, verifier, { DPoP: dpop, ...insecure })));

const call = async (accessToken) => (await oauth.protectedResourceRequest(accessToken, 'GET', apiURL, new Headers(), null,
  { DPoP: dpop, ...insecure })).status;
const firstCall = await call(tokens.access_token);

const refreshed = await retryNonce(async () => oauth.processRefreshTokenResponse(as, client,
  await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, { DPoP: dpop, ...insecure })));
const refreshedCall = await call(refreshed.access_token);

await oauth.processRevocationResponse(
  await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token, insecure));
let afterRevoke;
try {
  afterRevoke = await call(refreshed.access_token);
} catch (err) {
  afterRevoke = err.response?.status ?? String(err);
}

say({
  step: 'done', par_expires_in: par.expires_in, token_type: tokens.token_type, refreshed_token_type: refreshed.token_type,
  first_call: firstCall, refreshed_call: refreshedCall, after_revoke: afterRevoke,
});
process.exit(0);
