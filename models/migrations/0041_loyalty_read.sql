-- The loyalty read right of a membership (issue 26): granted by an admin beside the tool rights.
ALTER TABLE "memberships" ADD COLUMN "loyalty_read" boolean DEFAULT false NOT NULL;
