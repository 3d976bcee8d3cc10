import type { PolicySection } from './PolicyDocument';
import { certificateRuleText } from '../../../rules/certificate';
import { REFUND_POLICY } from '../../../rules/refund';

/** Generic terms of use (an example, not legal advice). */
export const TERMS_INTRO =
  '이 약관은 (사)필라테스재활협회(이하 “협회”)가 제공하는 온라인 클래스 서비스(이하 “서비스”)의 이용 조건과 절차, 협회와 회원의 권리·의무를 정합니다.';

export const TERMS_SECTIONS: PolicySection[] = [
  {
    heading: '제1조 (목적)',
    paragraphs: ['이 약관은 협회가 운영하는 온라인 클래스 서비스를 이용함에 있어 협회와 회원 사이의 권리, 의무 및 책임 사항을 규정함을 목적으로 합니다.'],
  },
  {
    heading: '제2조 (용어의 정의)',
    paragraphs: [
      '“회원”이란 소셜 로그인을 통해 서비스에 가입하여 이 약관에 따라 서비스를 이용하는 자를 말합니다.',
      '“클래스”란 협회가 제공하는 동영상 강의, 전자책, 패키지 등 디지털 콘텐츠를 말합니다.',
    ],
  },
  {
    heading: '제3조 (회원가입과 계정)',
    paragraphs: [
      '회원가입은 카카오 또는 네이버 계정을 통한 본인 인증으로 이루어집니다. 회원은 하나의 계정으로 동시에 한 대의 기기에서만 로그인할 수 있으며, 다른 기기에서 로그인하면 기존 기기의 접속은 종료됩니다.',
    ],
  },
  {
    heading: '제4조 (클래스 구매와 수강 기간)',
    paragraphs: [
      '회원은 결제를 완료한 시점부터 클래스별로 안내된 수강 기간 동안 클래스를 수강할 수 있습니다. 수강 기간이 지나면 해당 클래스는 종료된 클래스로 이동합니다.',
    ],
  },
  {
    heading: '제5조 (청약철회와 환불)',
    // The one refund policy (rules/refund.ts): the FAQ, the payment page and the server's refunds say the same.
    paragraphs: [...REFUND_POLICY.lines],
  },
  {
    heading: '제5조의2 (수료증)',
    paragraphs: [
      certificateRuleText(),
      '영상의 시청 완료와 진도율은 협회 서버가 기록한 시청 내역으로 판단하며, 응시 횟수의 하루는 한국 시간 0시부터 24시까지입니다.',
    ],
  },
  {
    heading: '제6조 (회원의 의무)',
    paragraphs: [
      '회원은 클래스의 영상과 교재를 녹화·복제·배포하거나 계정을 타인과 공유해서는 안 됩니다. 이를 위반하는 경우 협회는 서비스 이용을 제한하고 관련 법령에 따라 조치할 수 있습니다.',
    ],
  },
  {
    heading: '제7조 (건강상의 주의)',
    paragraphs: [
      '클래스의 운동 내용은 일반적인 정보 제공을 목적으로 하며 의학적 진단이나 치료를 대신하지 않습니다. 통증이나 질환이 있는 경우 전문의와 상담한 뒤 수강하시기 바랍니다.',
    ],
  },
  {
    heading: '제8조 (분쟁 해결)',
    paragraphs: ['서비스 이용과 관련하여 분쟁이 생긴 경우 협회와 회원은 성실히 협의하며, 협의가 이루어지지 않으면 민사소송법에 따른 관할 법원에 소를 제기할 수 있습니다.'],
  },
];

export const TERMS_EFFECTIVE = '이 약관은 2024년 5월 1일부터 시행합니다.';
