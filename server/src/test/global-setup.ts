import type { TestProject } from 'vitest/node';
import { createTemplate } from './template-database';

/** Once per run: a migrated template database that every test file copies. */
export default async function setup(project: TestProject) {
  const { template, dispose } = await createTemplate();
  project.provide('testDatabaseTemplate', template);
  return dispose;
}
