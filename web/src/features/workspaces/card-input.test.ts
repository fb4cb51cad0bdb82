import { cardSchema } from '@pactum/core/billing';
import { describe, expect, it } from 'vitest';
import { toCardInput } from './card-input';

describe('toCardInput', () => {
  it('turns MM and YY into the month and the full year', () => {
    expect(
      toCardInput({ number: ' 4242 4242 4242 4242 ', expMonth: '05', expYear: '29', cvc: '123' }),
    ).toEqual({ number: '4242 4242 4242 4242', expMonth: 5, expYear: 2029, cvc: '123' });
    expect(toCardInput({ number: '', expMonth: '12', expYear: '2031', cvc: '' }).expYear).toBe(
      2031,
    );
  });

  it('leaves what is not a number for the card schema to refuse', () => {
    const input = toCardInput({ number: '4242', expMonth: 'ab', expYear: '', cvc: '1' });
    expect(input.expMonth).toBeNaN();
    expect(input.expYear).toBeNaN();
    const result = cardSchema.safeParse(input);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['cvc', 'expMonth', 'expYear', 'number']);
  });

  it('gives a complete card that the schema accepts', () => {
    const input = toCardInput({
      number: '4000 0000 0000 3220',
      expMonth: '1',
      expYear: '30',
      cvc: '999',
    });
    expect(cardSchema.parse(input)).toEqual({
      number: '4000000000003220',
      expMonth: 1,
      expYear: 2030,
      cvc: '999',
    });
  });
});
