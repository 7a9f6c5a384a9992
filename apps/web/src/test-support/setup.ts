import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. Pages load their dialogs and pop-ups lazily (issue 21),
// and under the parallel test run on 2 cores the first import of such a chunk alone can take longer:
// HomePromotions' discount dialog failed that way under load. Waiting longer changes no verdict.
configure({ asyncUtilTimeout: 5_000 });
