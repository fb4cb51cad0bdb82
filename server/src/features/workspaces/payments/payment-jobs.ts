import { defineJob, type JobDefinition } from '../../../platform/jobs/jobs';
import type { Platform } from '../../../platform/platform';
import { isSettled } from './payment-state';
import { findPaymentById, selectUnsettledPayments } from './queries';
import { reconcile } from './reconcile';

/** Payments the sweep reconciles per run, oldest first. */
const SWEEP_BATCH = 100;

const reconcileJobs = new WeakMap<Platform, JobDefinition<{ paymentId: string }>>();
const sweepJobs = new WeakMap<Platform, JobDefinition<Record<string, never>>>();

/** Payments not settled, older than the reconciliation delay: what the processor must be asked. */
async function unsettledPayments(platform: Platform, limit: number) {
  const before = new Date(Date.now() - platform.config.paymentReconcileAfterSeconds * 1000);
  return selectUnsettledPayments(platform.database.db, before, limit);
}

/**
 * The reconciliation of one payment, enqueued with the payment itself and run once the request
 * that charged it is long over: a payment whose answer a crash lost (pending), whose grant a
 * crash cut (succeeded, not credited) or whose webhook never came is finished from what the
 * processor says, exactly once.
 */
export function reconcilePaymentJob(platform: Platform): JobDefinition<{ paymentId: string }> {
  const known = reconcileJobs.get(platform);
  if (known) return known;
  const definition = defineJob<{ paymentId: string }>({
    name: 'payment.reconcile',
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    async handle({ paymentId }) {
      const payment = await findPaymentById(platform.database.db, paymentId);
      if (!payment || isSettled(payment)) return;
      await reconcile(platform, payment, { userName: null, mayAbandon: true });
    },
  });
  reconcileJobs.set(platform, definition);
  return definition;
}

/**
 * Every ten minutes: reconciles what a single job could not (a 3-D Secure left open, a
 * processor that was unreachable through all retries, payments from before the job existed).
 */
export function sweepPaymentsJob(platform: Platform): JobDefinition<Record<string, never>> {
  const known = sweepJobs.get(platform);
  if (known) return known;
  const definition = defineJob<Record<string, never>>({
    name: 'payment.sweep',
    retryLimit: 0,
    expireInSeconds: 300,
    async handle() {
      for (const payment of await unsettledPayments(platform, SWEEP_BATCH)) {
        // One processor failure must not hold up the others; the next sweep tries it again.
        await reconcile(platform, payment, { userName: null, mayAbandon: true }).catch(() => {});
      }
    },
  });
  sweepJobs.set(platform, definition);
  return definition;
}

export const PAYMENT_SWEEP_CRON = '*/10 * * * *';

/** Registers the payment jobs; call before the platform starts. */
export function registerPaymentJobs(platform: Platform): void {
  platform.jobs.register(reconcilePaymentJob(platform));
  platform.jobs.register(sweepPaymentsJob(platform));
}

/** Schedules the sweep (after the platform started); the same schedule is replaced, not added. */
export async function schedulePaymentSweep(platform: Platform): Promise<void> {
  await platform.jobs.schedule(sweepPaymentsJob(platform), PAYMENT_SWEEP_CRON, {});
}
