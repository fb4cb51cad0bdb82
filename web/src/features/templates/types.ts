import type { templateListSchema } from '@pactum/core/api/templates';
import type { Wire } from '@pactum/core/api/wire';

/* The template library's answers as the web reads them: the wire side of the server's schemas. */

/** `GET /templates`: one page of the library's cards. */
export type TemplateList = Wire<typeof templateListSchema>;
/** One card of the template library. */
export type TemplateCard = TemplateList['templates'][number];
/** The values the card filters offer in a tab (with the first page). */
export type TemplateChoices = NonNullable<TemplateList['choices']>;
