import {
  categoryLabels,
  type TemplateCategory,
  templateLanguages,
  templateRegions,
} from '@pactum/core/templates';
import { useMemo } from 'react';
import { useLang } from '../../ui/use-lang';

const languageNames = new Map<string, string>(
  templateLanguages.map((language) => [language.code, language.name]),
);
const regionNames = new Map(templateRegions.map((region) => [region.code, region.name]));

/** The names of a template's category (in the user's language), language and region. */
export function useTemplateLabels() {
  const lang = useLang();
  return useMemo(() => {
    const category = (code: string | null) =>
      code ? (categoryLabels[lang][code as TemplateCategory] ?? code) : '';
    const language = (code: string | null) => (code ? (languageNames.get(code) ?? code) : '');
    const region = (code: string | null) => (code ? (regionNames.get(code) ?? code) : '');
    return {
      category,
      language,
      region,
      /** The template's category, language and region names that are set, for its chips. */
      chips: (template: {
        category: string | null;
        language: string | null;
        region: string | null;
      }) =>
        [category(template.category), language(template.language), region(template.region)].filter(
          Boolean,
        ),
    };
  }, [lang]);
}
