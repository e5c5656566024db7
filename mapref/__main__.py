from mapref.cli import main

raise SystemExit(main())
