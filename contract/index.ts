import type { RouteDef } from './route.ts';
import { clientRoutes } from './clients.ts';
import { projectRoutes } from './projects.ts';
import { sectionRoutes, taskRoutes } from './tasks.ts';
import { userRoutes } from './users.ts';

/** Every operation of the interface, by area. The server registers exactly these. */
export const routeGroups: Record<string, Record<string, RouteDef>> = {
  users: userRoutes,
  clients: clientRoutes,
  projects: projectRoutes,
  sections: sectionRoutes,
  tasks: taskRoutes,
};

export const allRoutes = (): RouteDef[] => Object.values(routeGroups).flatMap((g) => Object.values(g));
