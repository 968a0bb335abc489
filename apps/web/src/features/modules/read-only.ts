import { createContext, useContext } from "react";

/**
 * A module's sections drawn on a shared report's page (features/shared-reports/shared-report-screen.tsx): someone
 * without an account reads them, so what would call the API as a member or lead into the app (Export CSV, a
 * period's switch, a link to Data sources) is left out.
 */
export const ReadOnlyReport = createContext(false);

export const useReadOnlyReport = () => useContext(ReadOnlyReport);
