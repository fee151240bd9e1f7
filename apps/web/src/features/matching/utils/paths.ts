import { SUBSCRIPTION_PATH, buildPath, routeByName } from '@linkup/contract';

/** Where matching screens link to (the contract's route table). */
export const matchingPaths = {
  chat: (roomId: string) => buildPath(routeByName('chat.room').path, { roomId }),
  user: (userId: string) => buildPath(routeByName('app.user').path, { id: userId }),
  match: (matchId: string) => buildPath(routeByName('app.match').path, { id: matchId }),
  matches: routeByName('app.matches').path,
  likes: routeByName('app.likes').path,
  visitors: routeByName('app.visitors').path,
  activity: routeByName('app.activity').path,
  discover: routeByName('app.discover').path,
  preferences: routeByName('app.preferences').path,
  profile: routeByName('app.profile').path,
  profileEdit: routeByName('app.profile.edit').path,
  subscription: SUBSCRIPTION_PATH,
};
