// Toasts of docs/product.md section 9: at most 3 at once, bottom-left, each gone after 5000 ms.
// Hand-written rather than a library: the toast libraries we tried inject <style> elements at run
// time, which our nonce-based Content-Security-Policy (rightly) blocks.
import { useSyncExternalStore } from "react";

export type ToastKind = "success" | "error" | "warning" | "info";
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // The newest stays; the oldest goes when there would be more than three.
  toasts = [...toasts, { id, kind, message }].slice(-TOAST_LIMIT);
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  warning: (message: string) => show("warning", message),
  info: (message: string) => show("info", message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
}
