/**
 * The service's own JWT signing keys (local identity mode). Private keys never leave the
 * database except to sign; the public halves are published as a JWKS.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`
    CREATE TABLE IF NOT EXISTS signing_keys (
      kid text PRIMARY KEY,
      algorithm text NOT NULL,
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`)
