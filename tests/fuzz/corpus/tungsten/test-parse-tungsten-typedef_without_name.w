typedef sp;
