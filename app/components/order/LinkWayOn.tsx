// The way on from a mailed link's page (the order confirmation, a failed delivery's choice): Track
// Your Order and Contact; and the page a dead or forged link shows instead, saying why.
import { Link } from "react-router";

export function LinkWayOn() {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row">
      <Link to="/TrackOrder" className="button-primary">
        Track Your Order
      </Link>
      <Link to="/contact" className="button-secondary">
        Contact
      </Link>
    </div>
  );
}

export function DeadLink({ title, message }: { title: string; message: string }) {
  return (
    <div className="page max-w-2xl">
      <h1 className="page-title">{title}</h1>
      <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
        {message}
      </p>
      <LinkWayOn />
    </div>
  );
}
