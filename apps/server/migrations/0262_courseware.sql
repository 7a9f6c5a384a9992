-- Courseware (/courseware, issue 15; enablementServicePermission 1): platform courses made of video
-- and PDF files kept in the file storage (lib/storage.ts), and each user's progress per file.
CREATE TABLE courses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  category text NOT NULL,
  summary text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE course_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('video', 'pdf')),
  title text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  mime text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  -- Seconds of a video (the progress bar's end), pages of a PDF; null when unknown.
  length_units integer CHECK (length_units IS NULL OR length_units > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, seq)
);

-- Where the user got to in a file: seconds into a video or the page of a PDF; done once finished.
CREATE TABLE course_progress (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id bigint NOT NULL REFERENCES course_files (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  done boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, file_id)
);
CREATE INDEX course_progress_file_idx ON course_progress (file_id);
