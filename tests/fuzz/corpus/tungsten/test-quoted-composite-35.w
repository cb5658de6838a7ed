struct Q q;
