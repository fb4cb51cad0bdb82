import type { apiTokenSchema, createdApiTokenSchema } from '@pactum/core/api/api-tokens';
import type { Wire } from '@pactum/core/api/wire';

// The web's names for the answers of the API token routes (the wire side of the server's schemas).

/** One token of a list (never the token itself). */
export type ApiToken = Wire<typeof apiTokenSchema>;
/** The answer of making a token: the one time its text is shown. */
export type CreatedApiToken = Wire<typeof createdApiTokenSchema>;

/** Whose tokens a card shows: the signed-in user's own, or a workspace's (its administrators). */
export type ApiTokenOwner = { workspaceId?: string | undefined };
