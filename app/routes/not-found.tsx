import { data } from "react-router";
import { NotFound } from "../components/NotFound.tsx";

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
