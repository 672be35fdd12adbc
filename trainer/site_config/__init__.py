"""The training room's site file, ``site.toml`` (no Qt).

IT places one file per station to fix, for every station, what a training
room must not leave to each trainee: the rule set, the room's exam, where
results and data go, the first instructor. One job a module:

- :mod:`.config`: the :class:`SiteConfig` model, reading and checking a file
  (the format is in its docstring; the exam's limits are :mod:`trainer.exam_setup`'s);
- :mod:`.find`: where the file is looked for, and the one in force;
- :mod:`.security`: the ``[security]`` section (trainees' PINs, the idle lock);
- :mod:`.apply`: putting it in force (data folder, settings, the site's
  instructor and exam) and exporting this station's results.

``hhe-trainer site check|hash-password`` (for IT) is in :mod:`trainer.cli`.
Every name is importable from this package.
"""

from trainer.site_config.apply import (
    ENV_HOME,
    RESULTS_SUFFIX,
    apply_data_folder,
    apply_language,
    apply_to_settings,
    create_site_instructor,
    ensure_site_exam,
    export_results,
    instructor_setup_refusal,
    language_for,
    put_language_in_force,
    results_file,
)
from trainer.site_config.config import (
    DEFAULT_EXAM_NAME,
    MAX_TEXT_LENGTH,
    SITE_FILE_LIMIT,
    InitialInstructor,
    SiteConfig,
    SiteConfigError,
    is_password_hash,
    parse_site_config,
    read_site_file,
)
from trainer.site_config.find import (
    ENV_SITE,
    SITE_FILENAME,
    find_site_file,
    installation_folders,
    is_present,
    load_site_config,
    site_file_candidates,
    system_folder,
)
from trainer.site_config.security import (
    DEFAULT_IDLE_LOCK_MINUTES,
    DEFAULT_PIN_POLICY,
    IDLE_LOCK_MINUTES,
    PinPolicy,
)

__all__ = [
    "DEFAULT_EXAM_NAME",
    "DEFAULT_IDLE_LOCK_MINUTES",
    "DEFAULT_PIN_POLICY",
    "ENV_HOME",
    "ENV_SITE",
    "IDLE_LOCK_MINUTES",
    "MAX_TEXT_LENGTH",
    "RESULTS_SUFFIX",
    "SITE_FILENAME",
    "SITE_FILE_LIMIT",
    "InitialInstructor",
    "PinPolicy",
    "SiteConfig",
    "SiteConfigError",
    "apply_data_folder",
    "apply_language",
    "apply_to_settings",
    "create_site_instructor",
    "ensure_site_exam",
    "export_results",
    "find_site_file",
    "installation_folders",
    "instructor_setup_refusal",
    "is_password_hash",
    "is_present",
    "language_for",
    "load_site_config",
    "parse_site_config",
    "put_language_in_force",
    "read_site_file",
    "results_file",
    "site_file_candidates",
    "system_folder",
]
