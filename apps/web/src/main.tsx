import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startMonitoringAfterFirstRender } from "./features/monitoring/start";
import { queryClient } from "./lib/query-client";
import { router } from "./router";

startMonitoringAfterFirstRender(router);

const container = document.getElementById("root");
if (!container) throw new Error("index.html lost its #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
