import { useSessionUser } from '../../auth/queries';
import { HomePromotions } from '../../promotions/components/HomePromotions';
import { GreetingCard } from '../components/GreetingCard';
import { HomeFooter } from '../components/HomeFooter';
import { PermissionOverview } from '../components/PermissionOverview';
import { StatCards } from '../components/StatCards';
import './home-page.css';

/** /home: who is signed in, for which firm, with what balance and rights. */
export function HomePage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <div className="tl-home">
      <div className="tl-home-body">
        <GreetingCard user={user} />
        <StatCards user={user} />
        <PermissionOverview user={user} />
      </div>
      <HomeFooter />
      <HomePromotions user={user} />
    </div>
  );
}
