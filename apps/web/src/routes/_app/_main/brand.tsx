import { createFileRoute } from "@tanstack/react-router";
import { BrandScreen } from "~/features/brand/brand-screen";

export const Route = createFileRoute("/_app/_main/brand")({ component: BrandScreen });
