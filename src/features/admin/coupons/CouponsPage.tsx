import { useState } from 'react';
import { AdminPageHead, AdminRefusal } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { CampaignForm } from './CampaignForm';
import { CampaignList } from './CampaignList';
import './coupons.css';

const TITLE = '쿠폰';

/** 쿠폰 (owner and operators): campaigns with their figures, a new one, issuing to members, codes as CSV, the stop. */
export function CouponsPage() {
  useAdminTitle(TITLE);
  const me = useAdminMe();
  // The campaign just created opens its 회원에게 발급 panel: the next step of a wallet campaign.
  const [created, setCreated] = useState<number | null>(null);
  if (!canUse(me.role, 'coupons')) return <AdminRefusal message="쿠폰 관리는 대표 운영자와 운영자만 할 수 있습니다." />;
  return (
    <>
      <AdminPageHead
        title={TITLE}
        lead="할인 조건과 기간을 정해 캠페인을 만들고, 회원의 내 쿠폰에 바로 발급하거나 나눠줄 코드를 만듭니다. 사용 현황을 보고, 필요하면 중지합니다."
      />
      <CampaignForm onCreated={setCreated} />
      <CampaignList opened={created} />
    </>
  );
}
