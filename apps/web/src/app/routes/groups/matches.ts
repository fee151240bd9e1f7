/** Matches, likes, visitors and activity. */
export { ActivityRoute } from '@/app/routes/app/activity';
export { MatchRoute } from '@/app/routes/app/match';
export { MatchesRoute } from '@/app/routes/app/matches';
export { VisitorsRoute } from '@/app/routes/app/visitors';
