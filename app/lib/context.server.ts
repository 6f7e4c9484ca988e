// The only door from the app into the server: loaders read services from the load context.
import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext, postedFormContext } from "#server/web/context.ts";

export { isDatabaseUnavailable } from "#server/db/availability.ts";
export {
  DATABASE_AWAY_STATUS,
  databaseWasAway,
  noteDatabaseAway,
  setDatabaseAwayHeaders,
} from "#server/web/database-away.ts";
export type { AppContext };
export { appContext, postedFormContext };

export function services(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

export { noScriptPagesContext } from "#server/web/no-script/pages.ts";
