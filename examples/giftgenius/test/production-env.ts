/** Settings a production GiftGenius starts with over HTTP, for tests of what it refuses beside them. */
export const PRODUCTION = {
  NODE_ENV: "production",
  GIFTGENIUS_SECRET: "a-strong-secret-for-this-test-7fQ2xLk9",
  AUTH_ISSUER: "https://id.example",
  AUTH_AUDIENCE: "https://app.example/mcp",
  PUBLIC_ORIGIN: "https://app.example",
};
