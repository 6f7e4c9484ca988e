// Auth state of docs/product.md section 4: authenticated when a token is in storage, with user and token
// restored from storage.
import { createLocalStore } from "./local-store.ts";

export interface StoredUser {
  _id: string;
  email: string;
  username: string;
  role?: string;
}

const parseToken = (raw: string) => {
  const value: unknown = JSON.parse(raw);
  return typeof value === "string" && value.length > 0 ? value : undefined;
};

const parseUser = (raw: string) => {
  const value = JSON.parse(raw) as Partial<StoredUser> | null;
  return value && typeof value._id === "string" ? (value as StoredUser) : undefined;
};

export const tokenStore = createLocalStore<string | null>("token", null, parseToken);
export const userStore = createLocalStore<StoredUser | null>("user", null, parseUser);

export interface AuthState {
  isAuthenticated: boolean;
  token: string | null;
  user: StoredUser | null;
}

export function useAuth(): AuthState {
  const token = tokenStore.use();
  const user = userStore.use();
  return { isAuthenticated: token !== null, token, user };
}
