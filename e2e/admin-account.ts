// The shop owner of the browser tests: scripts/e2e-server.ts makes this admin before the shop
// starts (playwright.config.ts passes it on), and e2e/admin.spec.ts signs in with it.
export const E2E_ADMIN = { email: "owner@shoeshop.pk", password: "Owner-Karachi-2024!" };
