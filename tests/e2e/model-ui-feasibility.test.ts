import { describeModelUi } from '../model/suite.ts';

// The feasibility machine's shortest paths, walked in the app in Chromium (tests/model/walk.ts, docs/model-based-ui-tests.md).
describeModelUi('feasibility');
