-- A plan its owner cancelled reads `cancelled` from the moment of cancelling, running until its end date
-- (docs/decisions.md "Cancelling"): those cancelled before this change still read `active`.
UPDATE "subscriptions" SET "status" = 'cancelled' WHERE "cancel_at_period_end" = true AND "status" IN ('active', 'payment-error');
