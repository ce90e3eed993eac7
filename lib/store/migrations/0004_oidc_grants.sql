CREATE TABLE "oidc_grants" (
	"sid" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
