import { describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, checkClassForm, EMPTY_CLASS_FORM } from './classFields';

const valid = { ...EMPTY_CLASS_FORM, title: ' 새 클래스 ', categoryid: '121', teacher: '박코어 강사', price: '89,000', saleprice: '79000', tags: '필라테스, 리포머, 필라테스, ' };

describe('the class form', () => {
  it('sends numbers, trimmed text and distinct tags', () => {
    expect(checkClassForm(valid).input).toEqual({
      title: '새 클래스',
      subtitle: '',
      description: '',
      categoryid: 121,
      teacher: '박코어 강사',
      price: 89000,
      saleprice: 79000,
      perioddays: 365,
      level: '',
      tags: ['필라테스', '리포머'],
    });
  });
  it('says in Korean what is missing, beside each field', () => {
    expect(checkClassForm(EMPTY_CLASS_FORM).errors).toEqual({
      title: CLASS_MESSAGES.title,
      categoryid: CLASS_MESSAGES.category,
      teacher: CLASS_MESSAGES.teacher,
    });
  });
  it('refuses a sale price above the price, also while another field is wrong', () => {
    expect(checkClassForm({ ...valid, saleprice: '99000' }).errors).toEqual({ saleprice: CLASS_MESSAGES.saleAbovePrice });
    expect(checkClassForm({ ...valid, title: '', saleprice: '99000' }).errors).toEqual({
      title: CLASS_MESSAGES.title,
      saleprice: CLASS_MESSAGES.saleAbovePrice,
    });
  });
  it('refuses a period outside 1-3650 days and a long tag', () => {
    expect(checkClassForm({ ...valid, perioddays: '0' }).errors?.perioddays).toBe(CLASS_MESSAGES.perioddays);
    expect(checkClassForm({ ...valid, perioddays: '열흘' }).errors?.perioddays).toBe(CLASS_MESSAGES.perioddays);
    expect(checkClassForm({ ...valid, tags: 'ㄱ'.repeat(31) }).errors?.tags).toBe(CLASS_MESSAGES.tagTooLong);
  });
});
