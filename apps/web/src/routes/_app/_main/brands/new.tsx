import { createFileRoute } from "@tanstack/react-router";
import { AddBrandScreen } from "~/features/brand/add-brand-screen";

export const Route = createFileRoute("/_app/_main/brands/new")({ component: AddBrandScreen });
