import { describe, expect, it } from 'vitest';
import { PushGate } from './push-gate';

function setup(isVisible = true) {
  const state = { isVisible, asked: 0, finish: [] as Array<() => void> };
  const gate = new PushGate({
    isVisible: () => state.isVisible,
    ask: () => {
      state.asked += 1;
      return new Promise<void>((done) => state.finish.push(done));
    },
  });
  /** Answers the question out and lets its follow-up (if any) start. */
  const answer = async () => {
    state.finish.shift()?.();
    await new Promise((done) => setTimeout(done, 0));
  };
  return { gate, state, answer };
}

describe('PushGate', () => {
  it('asks once when wanted in a visible tab', async () => {
    const { gate, state, answer } = setup();
    gate.want();
    expect(state.asked).toBe(1);
    await answer();
    expect(state.asked).toBe(1);
  });

  it('keeps one question out at a time and asks again for what came meanwhile', async () => {
    const { gate, state, answer } = setup();
    gate.want();
    gate.want();
    gate.want();
    expect(state.asked).toBe(1);
    await answer();
    // The notifications made while the first question was out are asked for once more.
    expect(state.asked).toBe(2);
    await answer();
    expect(state.asked).toBe(2);
  });

  it('waits in a hidden tab until it is shown', async () => {
    const { gate, state, answer } = setup(false);
    gate.want();
    gate.visibilityChanged();
    expect(state.asked).toBe(0);
    state.isVisible = true;
    gate.visibilityChanged();
    expect(state.asked).toBe(1);
    await answer();
    // Shown again with nothing new: no question.
    gate.visibilityChanged();
    expect(state.asked).toBe(1);
  });

  it('does not repeat a failed question by itself', async () => {
    let asked = 0;
    const gate = new PushGate({
      isVisible: () => true,
      ask: async () => {
        asked += 1;
        throw new Error('offline');
      },
    });
    gate.want();
    await new Promise((done) => setTimeout(done, 0));
    expect(asked).toBe(1);
    gate.want();
    await new Promise((done) => setTimeout(done, 0));
    expect(asked).toBe(2);
  });
});
